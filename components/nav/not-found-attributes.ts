// The not-found page's contract between its HTML (./NotFoundActions.tsx) and the page script's
// part for it (./not-found-page.ts).

/** On the actions' wrapper: every listed route path, as JSON, for the route guard. */
export const NOT_FOUND_ROUTES_ATTRIBUTE = 'data-not-found-routes'
export const NOT_FOUND_ACTIONS = `[${NOT_FOUND_ROUTES_ATTRIBUTE}]`

/** On the button that goes back one page in history. */
export const GO_BACK_ATTRIBUTE = 'data-go-back'
