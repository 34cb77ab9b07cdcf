// The search dialog: a native <dialog> in every page's HTML, which the inline loader opens at the
// first press of a search button (renderer/page-script.ts), its field focused at once. The search
// in it is an island (./SearchPanel.island.tsx), started as that field takes focus.
import { Island } from '../../renderer/Island.tsx'
import { NativeDialog } from '../ui/NativeDialog.tsx'
import { SEARCH_DIALOG_ID, type SearchCopy } from './search-button.ts'
import SearchPanel from './SearchPanel.island.tsx'

export function SearchDialog({ copy }: { copy: SearchCopy }) {
  return (
    <NativeDialog id={SEARCH_DIALOG_ID} size="search" title={copy.title} closeLabel={copy.close}>
      <Island component={SearchPanel} hydrate="interaction" props={{ copy }} />
    </NativeDialog>
  )
}
