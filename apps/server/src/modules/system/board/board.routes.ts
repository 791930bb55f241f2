import { defineRoute } from '../../../platform/http/route.ts';
import { managementTwo } from './board.service.ts';

const tags = ['board'];

export const boardRoutes = [
  defineRoute({
    method: 'GET',
    url: '/board/management/two',
    summary: 'Management board, sales side: ordered, shipped and returned amounts this and last month, 12 months, top 5 customers',
    tags,
    access: 'user',
    handler: ({ tx, session }) => managementTwo(tx, session, 'sale'),
  }),
  defineRoute({
    method: 'GET',
    url: '/board/management/two/buy',
    summary: 'Management board, purchase side: ordered, received and returned amounts this and last month, 12 months, top 5 suppliers',
    tags,
    access: 'user',
    handler: ({ tx, session }) => managementTwo(tx, session, 'buy'),
  }),
];
