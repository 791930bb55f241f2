-- A settlement account's current balance (结算账户.当前余额) is its initial amount plus its journal
-- movement, kept in the same statement as the journal lines (like fin_balance), so every reader of
-- settlement_account (lists, sums, sorting, pickers) sees what the journal says. Only the journal's
-- projection and a change of the initial amount move it; anything else writing current_amount is ignored.

create or replace function erp_fin_project_lines() returns trigger language plpgsql as $$
begin
  insert into fin_balance as b (tenant_id, account_id, partner_id, period, debit, credit)
  select tenant_id, account_id, coalesce(partner_id, 0), period, sum(debit), sum(credit)
    from new_lines group by tenant_id, account_id, coalesce(partner_id, 0), period
   order by tenant_id, account_id, coalesce(partner_id, 0), period
  on conflict (tenant_id, account_id, partner_id, period)
  do update set debit = b.debit + excluded.debit, credit = b.credit + excluded.credit;
  update fin_open_item o set balance = o.balance + d.delta
    from (select tenant_id, open_item_id, sum(debit - credit) as delta from new_lines where open_item_id is not null group by 1, 2) d
   where o.tenant_id = d.tenant_id and o.id = d.open_item_id;
  update settlement_account s set current_amount = coalesce(s.current_amount, 0) + d.delta
    from (select l.tenant_id, a.settlement_account_id as sid, sum(l.debit - l.credit) as delta
            from new_lines l join fin_account a on a.tenant_id = l.tenant_id and a.id = l.account_id
           where a.settlement_account_id is not null group by 1, 2) d
   where s.tenant_id = d.tenant_id and s.id = d.sid;
  return null;
end $$;

-- before the trigger below, which would keep the old figure
update settlement_account s set current_amount = coalesce(s.initial_amount, 0) + coalesce((
  select sum(l.debit - l.credit) from fin_journal_line l join fin_account a on a.tenant_id = l.tenant_id and a.id = l.account_id
   where a.tenant_id = s.tenant_id and a.settlement_account_id = s.id), 0);

create or replace function erp_fin_settlement_amount() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    new.current_amount := coalesce(new.initial_amount, 0);
  elsif pg_trigger_depth() > 1 then
    -- the journal's projection: its movement, plus any change of the initial amount made at once
    new.current_amount := new.current_amount + coalesce(new.initial_amount, 0) - coalesce(old.initial_amount, 0);
  else
    new.current_amount := coalesce(old.current_amount, 0) + coalesce(new.initial_amount, 0) - coalesce(old.initial_amount, 0);
  end if;
  return new;
end $$;
create trigger settlement_account_amount before insert or update on settlement_account
  for each row execute function erp_fin_settlement_amount();
