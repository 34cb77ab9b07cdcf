// The search index, built by Pagefind after prerender (builder/outputs/search-index.ts) into
// /pagefind/. Its script is fetched at run time from there, on the first search only: it is not
// part of any bundle, and it fetches the index in small fragments as words are looked up.
import { BUILD_OUTPUTS, outputFolder } from '../../site/build-outputs.ts'

/** Where the build writes the index and its script (builder/outputs/search-index.ts). */
export const PAGEFIND_PATH = outputFolder(BUILD_OUTPUTS.searchIndex)

/** One page found: its address, title and an excerpt with the matched words in <mark>. */
export interface SearchHit {
  url: string
  title: string
  excerpt: string
}

// The part of Pagefind's browser API this site uses (https://pagefind.app/docs/api/).
interface PagefindResultData {
  url: string
  excerpt: string
  meta: { title?: string }
}
interface PagefindApi {
  options(options: { excerptLength?: number }): Promise<void>
  init(): Promise<void>
  search(term: string): Promise<{ results: { data(): Promise<PagefindResultData> }[] }>
}

let pagefind: Promise<PagefindApi> | undefined

function loadPagefind(): Promise<PagefindApi> {
  pagefind ??= (
    import(
      /* @vite-ignore */ `${import.meta.env.BASE_URL}${PAGEFIND_PATH}pagefind.js`
    ) as Promise<PagefindApi>
  )
    .then(async (api) => {
      await api.options({ excerptLength: 24 })
      await api.init()
      return api
    })
    .catch((error: unknown) => {
      // Not kept: the next search tries again (the visitor may be back online).
      pagefind = undefined
      throw error
    })
  return pagefind
}

/** Starts fetching Pagefind as the dialog opens, so the first word typed finds it ready. */
export function preloadSearch() {
  loadPagefind().catch(() => {
    // Reported by the search that needs it.
  })
}

/** The pages matching `query`, best first, at most `limit` of them. */
export async function searchSite(query: string, limit = 8): Promise<SearchHit[]> {
  const api = await loadPagefind()
  const { results } = await api.search(query)
  const pages = await Promise.all(results.slice(0, limit).map((result) => result.data()))
  return pages.map((page) => ({
    url: page.url,
    title: page.meta.title ?? page.url,
    excerpt: page.excerpt,
  }))
}
