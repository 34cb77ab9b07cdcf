// The function's name and local path, on their own: the browser code that only calls the
// function (components/forms/send-request.ts) imports this, not the schema module and its zod.
export const CONTACT_FUNCTION_NAME = 'send-contact-email'
export const CONTACT_FUNCTION_PATH = `/functions/v1/${CONTACT_FUNCTION_NAME}`
