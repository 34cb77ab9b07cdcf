-- leads_reader (issue 69): the role the owner reads production leads with (`npm run leads --
-- --remote`, docs/deploy.md "Reading leads in production"). It may read public.contact_requests
-- and nothing else, and write nothing. The migration makes it unable to log in and without a
-- password; the backend deploy gives it both from the LEADS_READER_PASSWORD secret
-- (operations/leads-reader.ts), so no password is ever in a migration or typed by hand.
do $$
begin
  if not exists (select from pg_roles where rolname = 'leads_reader') then
    create role leads_reader nologin noinherit;
  end if;
end
$$;

-- Every transaction of its sessions is read-only unless it says otherwise: a second lock besides
-- the grants, so that even a grant added by mistake later writes nothing by default.
alter role leads_reader set default_transaction_read_only = on;

grant usage on schema public to leads_reader;
grant select on table public.contact_requests to leads_reader;

-- Row level security is on and has no policy (only the function's role, which bypasses it, may
-- touch the table): without this policy the role would read no row. It reads; it never writes.
drop policy if exists contact_requests_leads_reader_read on public.contact_requests;
create policy contact_requests_leads_reader_read on public.contact_requests
  for select to leads_reader using (true);
