import { routeOf } from '../routing.ts'

export default routeOf('article-list')
