-- A statement's refusal as an error (issue 13, docs/decisions.md 2026-11-27 "The sale's last write and its commit in one
-- round trip"): a save's last statement may be sent with its commit behind it, so where it used to answer "not done"
-- (a numbering rule outgrown, a period closed meanwhile) it must abort the transaction instead. `case when … then
-- erp_refuse(code, detail) end` raises SQLSTATE `code` (five characters, class 'ER' for the ERP's own) with `detail`
-- as its message, which the caller turns into the user's refusal. It reads and writes nothing, so any role may call it.
create or replace function erp_refuse(code text, detail text) returns boolean language plpgsql volatile as $$
begin
  raise exception using errcode = code, message = detail;
end $$;
