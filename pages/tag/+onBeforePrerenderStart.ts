import { routePaths } from '../../content/index.ts'

export const onBeforePrerenderStart = () => routePaths('tags')
