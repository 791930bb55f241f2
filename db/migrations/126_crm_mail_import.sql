-- CRM e-mail, issue 20 continued (docs/crm.md "E-mail"): a mail imported from an .eml file (POST /crm/mail/import,
-- and the demo's mails) is a received mail without an IMAP UID. Before, a received mail always had one.
alter table crm_mail drop constraint crm_mail_check;
alter table crm_mail add constraint crm_mail_uid_received check (uid is null or direction = 'in');
comment on column crm_mail.uid is 'the IMAP UID of a synced mail; null for a sent mail and for one imported from an .eml file';
