-- Reminders already sent (modules/message/reminders.ts): one row per setting, subject and day, so a
-- run that finds the same subject again that day sends nothing. Claiming the row (insert … on
-- conflict do nothing) is what makes two instances running at once send it only once.
create table reminder_sent (
  tenant_id bigint not null references tenant(id),
  setting_id bigint not null,
  subject text not null,
  sent_on date not null,
  msg_id bigint,
  created_at timestamptz not null default now(),
  primary key (tenant_id, setting_id, subject, sent_on),
  foreign key (tenant_id, setting_id) references reminder_setting(tenant_id, id) on delete cascade
);
create index reminder_sent_day on reminder_sent(tenant_id, sent_on);
select erp_tenant_table('reminder_sent');
