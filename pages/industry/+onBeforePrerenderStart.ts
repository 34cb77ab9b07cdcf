// One page per file in content/industries/: adding an industry is adding a file.
import { getCollection } from '../../content/index.ts'
import { industryPath } from '../../renderer/routes.ts'

export const onBeforePrerenderStart = () =>
  getCollection('industries').map((industry) => industryPath(industry.id))
