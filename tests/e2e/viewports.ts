// The two screens the end-to-end tests look at a page on: a laptop's, and a phone's (an
// iPhone 13-15's CSS pixels), where the header folds into the menu.
export const DESKTOP = { width: 1280, height: 800 }
export const PHONE = { width: 390, height: 844 }
