-- Bidding, issue 21: a review line's evidence is stored files now (the comma-joined names POST /common/uploadMinio
-- returned, checked against the company's store by the route), no longer a free text. Up to 5 names of up to ~250
-- characters each. Evidence written before as text (no stored name) moves to the remark, so nothing is lost.

alter table bid_review drop constraint bid_review_evidence_check;
update bid_review
   set remark = left(concat_ws('；', remark, '证明材料：' || evidence), 500), evidence = null
 where evidence is not null and evidence !~ '^[A-Za-z0-9_]+/[0-9]{4}/[0-9]{2}/[0-9a-f]{16}_';
alter table bid_review add constraint bid_review_evidence_check check (char_length(evidence) <= 2000);
comment on column bid_review.evidence is 'the evidence files: comma-joined names of uploads in the company''s file store (at most 5)';
