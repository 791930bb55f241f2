-- The general ledger (明细账, docs/finance.md "Reports") reads one account's lines of a range of months, or one
-- partner's: indexes in that order, so its cost follows the months asked for, not the account's whole history.
create index fin_journal_line_account_period on fin_journal_line(tenant_id, account_id, period, id);
create index fin_journal_line_partner_period on fin_journal_line(tenant_id, partner_id, period, id) where partner_id is not null;
