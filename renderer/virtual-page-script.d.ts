declare module 'virtual:page-script' {
  /** The page script's address: /assets/entries/start-islands.….js, or its source in dev. */
  const url: string
  export default url
}
