-- Projects (issue 19): the actual start and finish of a task, beside its scheduled (planned) dates, for the
-- progression report (项目进度). Filled when the progress first passes 0 and reaches 100, or entered by hand.

alter table proj_task add column actual_start date;
alter table proj_task add column actual_end date;
alter table proj_task add constraint proj_task_actual_order check (actual_end is null or actual_start is null or actual_end >= actual_start);
alter table proj_task add constraint proj_task_actual_done check (actual_end is null or progress = 100);
comment on column proj_task.actual_start is 'the day work on the task began (set when its progress first passes 0, or by hand)';
comment on column proj_task.actual_end is 'the day the task was finished (only at 100% progress; set when it reaches 100, or by hand)';
create index proj_task_parent on proj_task(tenant_id, parent_id) where parent_id is not null;
