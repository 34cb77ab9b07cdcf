-- Failed mails are retried on the schedule, and nobody has to look for a stuck lead (issue 69):
--   attempts         mail attempts made (existed; kept as is)
--   last_error       a short reason of the last failed attempt, never the mail's content (existed)
--   next_attempt_at  a `failed` row: when the scheduled call tries it again; null: no further
--                    try (it gave up, see RETRY_DELAYS_MS in retry-schedule.ts). A `received` row:
--                    while in the future, an instance is mailing it and nobody else may.
-- The delays live in the function's code; these functions take the moments it computed, and
-- the function's clock as p_now, so that tests can move time.

alter table public.contact_requests
  add column if not exists attempts integer not null default 0,
  add column if not exists last_error text,
  add column if not exists next_attempt_at timestamptz;

create index if not exists contact_requests_unsent_idx
  on public.contact_requests (created_at, id) where status in ('received', 'failed');

-- Records one delivery attempt: its status, the transport, the error and (failed only) when to
-- try again. A row once sent stays sent: a late or concurrent failure never overwrites it.
drop function if exists public.record_contact_delivery(uuid, text, text, text);
create or replace function public.record_contact_delivery(
  p_id uuid,
  p_status text,
  p_transport text,
  p_error text,
  -- Defaults to no further try, so a function deployed before this migration still records.
  p_next_attempt_at timestamptz default null
) returns void
language sql
as $$
  update public.contact_requests
  set status = p_status,
      transport = p_transport,
      attempts = attempts + 1,
      last_error = p_error,
      next_attempt_at = case when p_status = 'failed' then p_next_attempt_at end
  where id = p_id
    and p_status in ('sent', 'logged', 'failed')
    and (status <> 'sent' or p_status = 'sent')
$$;

-- Claims the oldest row whose mail is due again, for one instance to mail: a `failed` row whose
-- next_attempt_at has come (p_every_waiting: any failed row, also one that gave up: the operator
-- asked), or a `received` row older than p_in_flight_seconds whose mail nobody is sending (the
-- function stopped between storing and mailing). The row becomes `received` with
-- next_attempt_at p_in_flight_seconds ahead, so no other instance takes it while it is mailed,
-- and an instance that dies mid-way leaves it to a later pass. With p_max, one mail is taken
-- from the hour's budget as release_held_contact_request does (the budget row locked first,
-- rows skipped when locked); p_max null: the operator's retry, outside the budget. p_skip: ids
-- this pass tried already, so a row that failed again is not taken twice in one pass. Returns
-- the row as JSON, or null.
create or replace function public.claim_contact_retry(
  p_hour text,
  p_max integer,
  p_unverified_max integer,
  p_now timestamptz,
  p_in_flight_seconds integer,
  p_every_waiting boolean,
  p_skip uuid[]
) returns jsonb
language plpgsql
as $$
declare
  v_used integer := 0;
  v_id uuid;
  v_row public.contact_requests;
begin
  -- The common case, nothing unsent, costs one look at a partial index and writes nothing.
  if not exists (
    select 1 from public.contact_requests where status in ('received', 'failed')
  ) then
    return null;
  end if;
  if p_max is not null then
    if p_max <= 0 then
      return null;
    end if;
    delete from public.contact_mail_budget where hour < p_hour;
    insert into public.contact_mail_budget (hour, mails) values (p_hour, 0)
      on conflict (hour) do nothing;
    select mails into v_used from public.contact_mail_budget where hour = p_hour for update;
    if v_used >= p_max then
      return null;
    end if;
  end if;
  select id into v_id from public.contact_requests
    where (
        (status = 'failed' and (next_attempt_at <= p_now or p_every_waiting))
        or (status = 'received'
            and created_at <= p_now - make_interval(secs => p_in_flight_seconds)
            and (next_attempt_at is null or next_attempt_at <= p_now))
      )
      and id <> all (coalesce(p_skip, '{}'))
      and (p_max is null or anti_bot_fields or v_used < p_unverified_max)
    order by created_at, id
    limit 1
    for update skip locked;
  if v_id is null then
    return null;
  end if;
  if p_max is not null then
    update public.contact_mail_budget set mails = mails + 1 where hour = p_hour;
  end if;
  update public.contact_requests
    set status = 'received',
        next_attempt_at = p_now + make_interval(secs => p_in_flight_seconds)
    where id = v_id
    returning * into v_row;
  return to_jsonb(v_row);
end
$$;

-- As before (20261125090000), and the released row gets the same in-flight mark a claimed one
-- gets, so that a retry pass elsewhere does not take an old row while this instance mails it.
-- p_now null (a function deployed before this migration): no mark, as before.
drop function if exists public.release_held_contact_request(text, integer, integer);
create or replace function public.release_held_contact_request(
  p_hour text,
  p_max integer,
  p_unverified_max integer,
  p_now timestamptz default null,
  p_in_flight_seconds integer default null
) returns jsonb
language plpgsql
as $$
declare
  v_used integer;
  v_id uuid;
  v_row public.contact_requests;
begin
  if p_max <= 0
     or not exists (select 1 from public.contact_requests where status = 'held') then
    return null;
  end if;
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
  update public.contact_requests
    set status = 'received',
        next_attempt_at = p_now + make_interval(secs => p_in_flight_seconds)
    where id = v_id
    returning * into v_row;
  return to_jsonb(v_row);
end
$$;

-- What the daily watch reads (GET with the release secret): counts only, never a name or an
-- address. Rows unsent for more than an hour by status, failed rows that gave up, and the
-- oldest of the counted rows.
create or replace function public.contact_unsent_counts(p_now timestamptz)
returns jsonb
language sql
stable
as $$
  with unsent as (
    select status, created_at from public.contact_requests
    where status in ('failed', 'held', 'received')
      and created_at < p_now - interval '1 hour'
  )
  select jsonb_build_object(
    'unsentOverAnHour', jsonb_build_object(
      'failed', (select count(*) from unsent where status = 'failed'),
      'held', (select count(*) from unsent where status = 'held'),
      'received', (select count(*) from unsent where status = 'received')),
    'gaveUp', (select count(*) from public.contact_requests
               where status = 'failed' and next_attempt_at is null),
    'oldestUnsentAt', (select min(created_at) from unsent)
  )
$$;

-- Deletes rows the retention setting no longer keeps: only mailed (`sent`) ones, so a lead that
-- nobody has received yet is never removed. Returns their ids (the local journal records them).
create or replace function public.purge_expired_contact_requests(p_before timestamptz)
returns uuid[]
language sql
as $$
  with purged as (
    delete from public.contact_requests
    where status = 'sent' and created_at < p_before
    returning id
  )
  select coalesce(array_agg(id), '{}') from purged
$$;

do $$
begin
  revoke all on function public.record_contact_delivery(uuid, text, text, text, timestamptz)
    from public;
  revoke all on function public.claim_contact_retry(text, integer, integer, timestamptz, integer,
    boolean, uuid[]) from public;
  revoke all on function public.contact_unsent_counts(timestamptz) from public;
  revoke all on function public.release_held_contact_request(text, integer, integer, timestamptz,
    integer) from public;
  revoke all on function public.purge_expired_contact_requests(timestamptz) from public;
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on function public.record_contact_delivery(uuid, text, text, text, timestamptz)
      from anon, authenticated;
    revoke all on function public.claim_contact_retry(text, integer, integer, timestamptz,
      integer, boolean, uuid[]) from anon, authenticated;
    revoke all on function public.contact_unsent_counts(timestamptz) from anon, authenticated;
    revoke all on function public.release_held_contact_request(text, integer, integer,
      timestamptz, integer) from anon, authenticated;
    revoke all on function public.purge_expired_contact_requests(timestamptz)
      from anon, authenticated;
  end if;
  if exists (select 1 from pg_roles where rolname = 'service_role') then
    grant execute on function public.record_contact_delivery(uuid, text, text, text, timestamptz)
      to service_role;
    grant execute on function public.claim_contact_retry(text, integer, integer, timestamptz,
      integer, boolean, uuid[]) to service_role;
    grant execute on function public.contact_unsent_counts(timestamptz) to service_role;
    grant execute on function public.release_held_contact_request(text, integer, integer,
      timestamptz, integer) to service_role;
    grant execute on function public.purge_expired_contact_requests(timestamptz)
      to service_role;
  end if;
end
$$;
