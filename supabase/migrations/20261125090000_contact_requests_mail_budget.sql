-- Abuse limits (issue 38):
--   anti_bot_fields  false for a request that came without the honeypot and timing fields (the
--                    spec's four fields only): kept and answered, but with tighter limits, and
--                    shown as such by `npm run leads`. Rows from before this migration count as
--                    having had them (the site's forms have always sent them).
--   status 'held'    stored and answered, but the site-wide mail budget of the hour was spent:
--                    the mail waits for the next hour's first request or `npm run leads:retry`.
--   contact_mail_budget  mails sent per clock hour (UTC), shared by every function instance.

alter table public.contact_requests
  add column if not exists anti_bot_fields boolean not null default true;

alter table public.contact_requests drop constraint if exists contact_requests_status_check;
alter table public.contact_requests add constraint contact_requests_status_check
  check (status in ('received', 'held', 'sent', 'logged', 'failed', 'spam'));

create index if not exists contact_requests_held_idx
  on public.contact_requests (created_at, id) where status = 'held';

create table if not exists public.contact_mail_budget (
  -- The UTC hour as the function names it, e.g. '2026-11-25T09'; sorts as time does.
  hour text primary key,
  mails integer not null
);
alter table public.contact_mail_budget enable row level security;

-- Takes one mail from the hour's budget: true when fewer than p_max mails went out this hour
-- (and counts this one), false otherwise (counts nothing). One statement, so concurrent calls
-- cannot both take the last one.
create or replace function public.take_contact_mail_budget(p_hour text, p_max integer)
returns boolean
language sql
as $$
  with taken as (
    insert into public.contact_mail_budget as budget (hour, mails)
    select p_hour, 1 where p_max > 0
    on conflict (hour) do update set mails = budget.mails + 1 where budget.mails < p_max
    returning mails
  )
  select exists (select 1 from taken)
$$;

-- Releases the oldest held request the hour's budget allows: takes one mail from the budget,
-- turns the row back to 'received' and returns it (as JSON, so the REST API and plain SQL read it
-- alike); null when nothing is held or the budget is spent. A request without the anti-bot fields
-- is released only while fewer than p_unverified_max mails went out this hour. The budget row is
-- locked first, so concurrent releases take turns; a held row is claimed by one of them only.
create or replace function public.release_held_contact_request(
  p_hour text,
  p_max integer,
  p_unverified_max integer
) returns jsonb
language plpgsql
as $$
declare
  v_used integer;
  v_id uuid;
  v_row public.contact_requests;
begin
  -- The common case, nothing held, costs one look at a partial index and writes nothing.
  if p_max <= 0
     or not exists (select 1 from public.contact_requests where status = 'held') then
    return null;
  end if;
  -- Past hours are no longer needed.
  delete from public.contact_mail_budget where hour < p_hour;
  insert into public.contact_mail_budget (hour, mails) values (p_hour, 0)
    on conflict (hour) do nothing;
  select mails into v_used from public.contact_mail_budget where hour = p_hour for update;
  if v_used >= p_max then
    return null;
  end if;
  select id into v_id from public.contact_requests
    where status = 'held' and (anti_bot_fields or v_used < p_unverified_max)
    order by created_at, id
    limit 1
    for update skip locked;
  if v_id is null then
    return null;
  end if;
  update public.contact_mail_budget set mails = mails + 1 where hour = p_hour;
  update public.contact_requests set status = 'received' where id = v_id returning * into v_row;
  return to_jsonb(v_row);
end
$$;

do $$
begin
  revoke all on function public.take_contact_mail_budget(text, integer) from public;
  revoke all on function public.release_held_contact_request(text, integer, integer) from public;
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on table public.contact_mail_budget from anon, authenticated;
    revoke all on function public.take_contact_mail_budget(text, integer) from anon, authenticated;
    revoke all on function public.release_held_contact_request(text, integer, integer)
      from anon, authenticated;
  end if;
  if exists (select 1 from pg_roles where rolname = 'service_role') then
    grant all on table public.contact_mail_budget to service_role;
    grant execute on function public.take_contact_mail_budget(text, integer) to service_role;
    grant execute on function public.release_held_contact_request(text, integer, integer)
      to service_role;
  end if;
end
$$;
