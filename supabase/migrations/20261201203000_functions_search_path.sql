-- Every function sets its search_path (Supabase's database linter, function_search_path_mutable):
-- a function without one finds the tables and functions it names by its caller's search_path,
-- so a caller that puts a schema of its own first could have it use that schema's objects. ''
-- is Supabase's advice: only pg_catalog, always searched, is found without a schema name, and
-- every table and function these bodies name is written with its schema (public.…) already.
-- A new function sets it in its own definition; the migration check
-- (operations/migration-check.ts) refuses one that does not, and says what to write.
alter function public.hit_contact_rate_limit(text, integer, integer) set search_path = '';
alter function public.record_contact_delivery(uuid, text, text, text, timestamptz)
  set search_path = '';
alter function public.take_contact_mail_budget(text, integer) set search_path = '';
alter function public.lock_contact_mail_budget(text) set search_path = '';
alter function public.release_held_contact_request(text, integer, integer, timestamptz, integer)
  set search_path = '';
alter function public.claim_contact_retry(text, integer, integer, timestamptz, integer, boolean,
  uuid[]) set search_path = '';
alter function public.contact_unsent_counts(timestamptz) set search_path = '';
alter function public.purge_expired_contact_requests(timestamptz) set search_path = '';
