-- Nothing lost, nothing twice (issue 16), and the truth about delivery (issue 13, item 5):
--   request_id   the browser's UUID for a request: a repeat of it is the same request (one row)
--   spam_reason  why a request was judged a bot's; such rows have status 'spam', are never
--                mailed, can be released, and are purged after 30 days
--   transport    the mail transport of the last delivery attempt ('resend', 'log', ...)
--   status       gains 'logged' (no mail provider: only written to the log) and 'spam'

alter table public.contact_requests
  add column if not exists request_id uuid,
  add column if not exists spam_reason text,
  add column if not exists transport text;

do $$
begin
  if not exists (
    select 1 from pg_constraint where conname = 'contact_requests_request_id_key'
  ) then
    alter table public.contact_requests
      add constraint contact_requests_request_id_key unique (request_id);
  end if;
end
$$;

alter table public.contact_requests drop constraint if exists contact_requests_status_check;
alter table public.contact_requests add constraint contact_requests_status_check
  check (status in ('received', 'sent', 'logged', 'failed', 'spam'));

-- A spam row says why (a released one keeps its reason, as history).
alter table public.contact_requests add constraint contact_requests_spam_reason_check
  check (status <> 'spam' or spam_reason is not null);

create index if not exists contact_requests_spam_idx
  on public.contact_requests (created_at) where status = 'spam';

-- Records one delivery attempt: its status (sent, logged or failed), the transport and the error.
drop function if exists public.record_contact_delivery(uuid, text);
create or replace function public.record_contact_delivery(
  p_id uuid,
  p_status text,
  p_transport text,
  p_error text
) returns void
language sql
as $$
  update public.contact_requests
  set status = p_status,
      transport = p_transport,
      attempts = attempts + 1,
      last_error = p_error
  where id = p_id and p_status in ('sent', 'logged', 'failed')
$$;

do $$
begin
  revoke all on function public.record_contact_delivery(uuid, text, text, text) from public;
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on function public.record_contact_delivery(uuid, text, text, text) from anon, authenticated;
  end if;
  if exists (select 1 from pg_roles where rolname = 'service_role') then
    grant execute on function public.record_contact_delivery(uuid, text, text, text) to service_role;
  end if;
end
$$;
