// The settings through which the app reaches the renderer, in the manner of vike-react: the
// renderer declares them (./+config.ts), the app sets them (pages/+Layout.ts, pages/+Head.ts),
// and the renderer never imports the app.
import type { ComponentType, ReactNode } from 'react'
import type { PageContextServer } from 'vike/types'

/** Wraps every page's HTML (header, footer, providers). */
export type LayoutSetting = ComponentType<{ pageContext: PageContextServer; children: ReactNode }>
/** Renders what goes into every page's <head>, before the page script's loader. */
export type HeadSetting = ComponentType<{ pageContext: PageContextServer }>

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Vike's typing convention
  namespace Vike {
    interface Config {
      Layout?: LayoutSetting
      Head?: HeadSetting
    }
  }
}
