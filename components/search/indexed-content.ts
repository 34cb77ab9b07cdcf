// Which words of a page the site search indexes (builder/outputs/search-index.ts hands Pagefind the
// searched element of each page). A page is found by its own words: the parts that say where it
// is (breadcrumbs), what other pages are about (their cards, neighbours, a table of contents)
// or what every page says (the booking call) are left out, or a search for one article's title
// would list every page that links to it.

/** The attribute on the element whose words are indexed: <main> of each page the search finds. */
export const SEARCHED_ATTRIBUTE = 'data-pagefind-body'

/** Spread on <main> of a page the search finds. */
export const searched = { [SEARCHED_ATTRIBUTE]: '' } as const

/** Spread on a part of a searched page that is not its own words. */
export const notSearched = { 'data-pagefind-ignore': '' } as const
