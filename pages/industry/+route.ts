export const route = '/industries/@id'
