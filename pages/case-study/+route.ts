import { routeOf } from '../routing.ts'

export default routeOf('case-studies')
