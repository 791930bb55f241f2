-- The custom user enhancement script (issue 24, SPEC §7 "a custom user enhancement script hook"): per company, kept
-- here and run only in the browser, in a sandboxed frame (GET /enhance/sandbox); the server never runs it.
alter table system_config add column user_enhance_js text;
comment on column system_config.user_enhance_js is 'custom enhancement script, run sandboxed in the browser on each page change';
