-- Supplier portal, issue 22 continued: the order list's deep pages. The line policy of 200 checks each depot_item
-- row against the supplier's order ids (an array searched one by one: ~20 µs a row at 5,000 orders), so reaching
-- page 100 through 20,000 lines cost ~450 ms and the 50,000-line total ~190 ms. The list now counts lines per order
-- through this function, then reads only the lines of the orders the page falls on (a few dozen rows under the
-- policy). It reads depot_item without the policy, so it is a security definer that answers only for orders of the
-- request's supplier (erp_portal_supplier(); outside a portal request it answers nothing).

/** The live line count of each of `heads` that is a purchase order of the request's supplier (orders without lines left out). */
create or replace function erp_portal_line_counts(heads bigint[]) returns table(header_id bigint, lines int)
language sql stable security definer set search_path = public as $$
  select h.id, c.n
    from depot_head h
    cross join lateral (select count(*)::int as n from depot_item i
                         where i.tenant_id = h.tenant_id and i.header_id = h.id and not i.delete_flag) c
   where h.tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint and h.id = any (heads)
     and h.organ_id = erp_portal_supplier() and h.doc_key = 'purchaseOrder' and h.status in ('1', '2', '3') and not h.delete_flag
     and c.n > 0
$$;
revoke execute on function erp_portal_line_counts(bigint[]) from public;
grant execute on function erp_portal_line_counts(bigint[]) to erp_portal;
