import { listContentRoutes } from '../../renderer/routes.ts'

export const onBeforePrerenderStart = () => listContentRoutes().map((route) => route.path)
