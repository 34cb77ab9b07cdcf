// The title of the preview's sandboxed frame (./preview-sandbox.tsx): it names the frame for
// assistive technology, and the browser tests find the frame by it.
export const PREVIEW_FRAME_TITLE = 'The entry as its page shows it'
