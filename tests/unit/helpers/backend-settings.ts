// The backend job's settings as the tests give them (tests/unit/scripts/deploy.test.ts's gate
// and dry runs, tests/postgres/backend-deploy.test.ts's deploy by the real CLI): valid values,
// each secret carrying SECRET, which no output may ever show.
export const SECRET = 'do-not-print-this-value'

export const backendSettings = {
  SITE_URL: 'https://panelwise.dev',
  SUPABASE_PROJECT_REF: 'abcdefghijklmnopqrst',
  SUPABASE_ACCESS_TOKEN: `sbp_${SECRET}`,
  SUPABASE_DB_PASSWORD: `db-${SECRET}`,
  RESEND_API_KEY: `re_${SECRET}`,
  CONTACT_TO: 'team@panelwise.dev',
  CONTACT_FROM: 'Panelwise <no-reply@panelwise.dev>',
  CLIENT_HASH_SALT: `salt-${SECRET}`,
  // The function refuses to start with a token under 32 characters.
  RELEASE_HELD_TOKEN: `release-${SECRET}-0123456789`,
}

/** The editor's sign-in's three settings (deployed all or none). */
export const signInSettings = {
  CMS_GITHUB_CLIENT_ID: 'Iv1.0123456789abcdef',
  CMS_GITHUB_CLIENT_SECRET: `client-${SECRET}`,
  CMS_OAUTH_STATE_KEY: `state-${SECRET}-0123456789`,
}
