// Puts a rendered document under the site's base path (./base-path.ts): every root-relative
// address in it ("/about", "/images/a.avif") gains the base. One step over the whole document, as
// the Latin-1 step is, rather than a helper in every component: links come from content files,
// MDX bodies, pictures and islands alike, and one that missed the helper would break only in a
// preview. Islands keep the addresses they were rendered with when they hydrate (React does not
// rewrite the attributes of the HTML it adopts), so their links are under the base too.
import { withBase } from './base-path.ts'

/** Attributes holding one address; React writes them double-quoted, after a space. */
const ADDRESS_ATTRIBUTE = /(\s(?:href|src|action|poster)=")(\/(?!\/)[^"]*)"/gi
/** srcset (React writes srcSet): candidates "url width", comma-separated. */
const SRCSET_ATTRIBUTE = /(\ssrcset=")([^"]*)"/gi

/** A root-relative address ("/x", never "//host/x") under the base. */
const based = (address: string, base: string) =>
  address.startsWith('/') && !address.startsWith('//') ? withBase(address, base) : address

/** `html` with every root-relative address of its attributes under `base`; as is for "/". */
export function htmlUnderBase(html: string, base: string): string {
  if (base === '/') return html
  return html
    .replace(
      ADDRESS_ATTRIBUTE,
      (_, start: string, address: string) => `${start}${withBase(address, base)}"`,
    )
    .replace(
      SRCSET_ATTRIBUTE,
      (_, start: string, candidates: string) =>
        `${start}${candidates
          .split(',')
          .map((candidate) => {
            const [address = '', ...rest] = candidate.trim().split(/\s+/)
            return [based(address, base), ...rest].join(' ')
          })
          .join(', ')}"`,
    )
}
