-- CRM e-mail, issue 20 continued (docs/crm.md "E-mail"): the HTML body of a synced or seeded mail, and the Content-ID
-- of an attachment part, so the reader shows the HTML (sanitised when it is read) with its cid: inline images served
-- from the stored attachments.

alter table crm_mail add column html text;
comment on column crm_mail.html is 'the HTML body as received (cut at 300,000 characters); sanitised on every read, never shown as stored';

alter table crm_mail_attachment add column content_id text check (char_length(content_id) <= 250);
comment on column crm_mail_attachment.content_id is 'the part''s Content-ID without angle brackets: an HTML body''s cid: image refers to it';
