// Decap 3.19 marks an entry's first save in the editorial workflow with a placeholder
// (`{isPersisting}` under editorialWorkflow.entities) and leaves it when the save fails (a
// 401, a network error). The next save then takes it for a pull request that exists, asks GitHub
// to compare a branch that does not, and fails with "Not Found". So once a first save failed,
// the placeholder is removed with Decap's own action for "this entry is not in the workflow".
import { store } from 'decap-cms-core/dist/esm/redux/index.js'

/** What Decap dispatches when an entry turns out to have no pull request. */
const NOT_IN_WORKFLOW = 'UNPUBLISHED_ENTRY_REDIRECT'

export function resetFailedFirstSaves(): void {
  store.subscribe(() => {
    const entities = store.getState().editorialWorkflow?.get('entities')
    entities?.forEach((entity, key) => {
      // A loaded pull request's entry has its slug; the placeholder has only the flag.
      if (entity.get('isPersisting') !== false || entity.has('slug')) return
      const dot = key.indexOf('.')
      store.dispatch({
        type: NOT_IN_WORKFLOW,
        payload: { collection: key.slice(0, dot), slug: key.slice(dot + 1) },
      })
    })
  })
}
