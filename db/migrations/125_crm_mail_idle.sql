-- CRM e-mail, issue 20 continued (docs/crm.md "E-mail", "IMAP IDLE"): which app instance holds the IMAP IDLE
-- connections of every mailbox. One row, taken and renewed by a lease: an instance that stops renewing (stopped,
-- crashed, cut off) loses it when `until` passes and another takes over. Global: it spans companies on purpose.
create table crm_mail_idle_holder (
  id smallint primary key default 1 check (id = 1),
  holder text not null check (char_length(holder) between 1 and 200),
  until timestamptz not null
);
comment on table crm_mail_idle_holder is 'global: the app instance holding the IMAP IDLE connections of all mailboxes, by lease';
