-- The editor's GitHub sign-in is single-use on the server (docs/editing-ui.md): the github-oauth
-- function records each state and each code it trades, by their SHA-256, and refuses any second
-- trade of either, whatever GitHub would answer. A row lives as long as its state (10 minutes):
-- after that the state is refused by its own expiry, and the code by GitHub's, so every claim
-- first purges the rows past theirs and the table holds only sign-ins under way.
create table if not exists public.github_sign_in_uses (
  state_digest text primary key,
  code_digest text not null unique,
  expires_at timestamptz not null,
  used_at timestamptz not null default now()
);

create index if not exists github_sign_in_uses_expires_at on public.github_sign_in_uses (expires_at);

-- Only the function's role, which bypasses row level security, reads or writes it.
alter table public.github_sign_in_uses enable row level security;

-- True when neither the state nor the code was traded before (now recorded), false otherwise.
-- Two trades at once: the primary key and the unique code let one insert through, and the other
-- waits for it, then inserts nothing.
create or replace function public.claim_github_sign_in(
  p_state_digest text,
  p_code_digest text,
  p_expires_at timestamptz,
  p_now timestamptz
)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  claimed integer;
begin
  delete from public.github_sign_in_uses where expires_at <= p_now;
  insert into public.github_sign_in_uses (state_digest, code_digest, expires_at)
  values (p_state_digest, p_code_digest, p_expires_at)
  on conflict do nothing;
  get diagnostics claimed = row_count;
  return claimed = 1;
end
$$;

-- As for the contact tables: the service role only (the roles exist on Supabase, not in PGlite).
do $$
begin
  revoke all on function public.claim_github_sign_in(text, text, timestamptz, timestamptz) from public;
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on table public.github_sign_in_uses from anon, authenticated;
    revoke all on function public.claim_github_sign_in(text, text, timestamptz, timestamptz)
      from anon, authenticated;
  end if;
  if exists (select 1 from pg_roles where rolname = 'service_role') then
    grant all on table public.github_sign_in_uses to service_role;
    grant execute on function public.claim_github_sign_in(text, text, timestamptz, timestamptz)
      to service_role;
  end if;
end
$$;
