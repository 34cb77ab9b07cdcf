-- Leads from the contact form and the guide/scorecard request dialogs, stored before any mail is
-- attempted, plus the per-client counters of the rate limit so it holds across function instances.

create table if not exists public.contact_requests (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  kind text not null check (kind in ('contact', 'guide', 'scorecard')),
  title text,
  name text not null,
  email text not null,
  phone text not null default '',
  company text,
  message text not null,
  page text,
  user_agent text,
  -- SHA-256 of a salt and the client address; the raw address is never stored.
  client_hash text not null,
  status text not null default 'received' check (status in ('received', 'sent', 'failed')),
  attempts integer not null default 0,
  last_error text
);

create index if not exists contact_requests_created_at_idx
  on public.contact_requests (created_at desc);
create index if not exists contact_requests_failed_idx
  on public.contact_requests (created_at) where status = 'failed';

create table if not exists public.contact_rate_limits (
  client_hash text primary key,
  window_started_at timestamptz not null,
  hits integer not null
);

-- Only the function (service role) touches these tables: RLS on, and no policy for anon.
alter table public.contact_requests enable row level security;
alter table public.contact_rate_limits enable row level security;

-- Counts one submission in the client's fixed window. Returns 0 when allowed, otherwise the
-- seconds until the window resets. One statement, so concurrent calls cannot both slip through.
create or replace function public.hit_contact_rate_limit(
  p_client_hash text,
  p_max integer,
  p_window_seconds integer
) returns integer
language sql
as $$
  with counted as (
    insert into public.contact_rate_limits as limits (client_hash, window_started_at, hits)
    values (p_client_hash, now(), 1)
    on conflict (client_hash) do update set
      window_started_at = case
        when limits.window_started_at <= now() - make_interval(secs => p_window_seconds)
          then now() else limits.window_started_at end,
      hits = case
        when limits.window_started_at <= now() - make_interval(secs => p_window_seconds)
          then 1 else limits.hits + 1 end
    returning window_started_at, hits
  )
  select case
    when hits <= p_max then 0
    else greatest(1, ceil(extract(epoch from
      window_started_at + make_interval(secs => p_window_seconds) - now()))::integer)
  end
  from counted
$$;

-- Records one delivery attempt: sent, or failed with the error.
create or replace function public.record_contact_delivery(p_id uuid, p_error text)
returns void
language sql
as $$
  update public.contact_requests
  set status = case when p_error is null then 'sent' else 'failed' end,
      attempts = attempts + 1,
      last_error = p_error
  where id = p_id
$$;

-- Supabase exposes public functions through its REST API; keep these for the service role only.
-- The roles exist on Supabase but not in the local embedded Postgres, hence the checks.
do $$
begin
  revoke all on function public.hit_contact_rate_limit(text, integer, integer) from public;
  revoke all on function public.record_contact_delivery(uuid, text) from public;
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on table public.contact_requests, public.contact_rate_limits from anon, authenticated;
    revoke all on function public.hit_contact_rate_limit(text, integer, integer) from anon, authenticated;
    revoke all on function public.record_contact_delivery(uuid, text) from anon, authenticated;
  end if;
  if exists (select 1 from pg_roles where rolname = 'service_role') then
    grant all on table public.contact_requests, public.contact_rate_limits to service_role;
    grant execute on function public.hit_contact_rate_limit(text, integer, integer) to service_role;
    grant execute on function public.record_contact_delivery(uuid, text) to service_role;
  end if;
end
$$;
