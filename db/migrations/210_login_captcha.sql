-- Sign-in captchas (jshERP's /user/randomImage, checked when the platform setting checkcode_flag is '1'):
-- one code per uuid for five minutes, used once. Before sign-in no company is known, so the table is global.
create table login_captcha (
  uuid text primary key,
  code text not null,
  expires_at timestamptz not null
);
comment on table login_captcha is 'global: sign-in captchas, one code per uuid, used once';
create index login_captcha_expires on login_captcha (expires_at);
