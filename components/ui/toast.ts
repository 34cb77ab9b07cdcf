// Shows a toast from any island. The region's code (and React Aria's toast) loads with the
// first toast, and the region is mounted once for the whole page.
import type { ToastMessage } from './ToastRegion.tsx'

export type { ToastMessage }

/** How long a toast stays before it closes by itself; failures stay longer to be read. */
const TOAST_TIMEOUT_MS = { default: 5000, destructive: 8000 } as const

let region: Promise<typeof import('./ToastRegion.tsx')> | undefined

async function mountRegion() {
  const [module, { createRoot }, { createElement }] = await Promise.all([
    import('./ToastRegion.tsx'),
    import('react-dom/client'),
    import('react'),
  ])
  const host = document.createElement('div')
  host.dataset.toastRegion = ''
  document.body.append(host)
  createRoot(host, { identifierPrefix: 'toast-' }).render(createElement(module.Toasts))
  return module
}

export async function showToast(message: ToastMessage): Promise<void> {
  region ??= mountRegion()
  const { toastQueue } = await region
  toastQueue.add(message, { timeout: TOAST_TIMEOUT_MS[message.variant ?? 'default'] })
}
