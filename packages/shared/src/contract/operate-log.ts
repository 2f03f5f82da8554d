/** The operate log's list query (GET /common/operateLog/list). */
import { SuperQueryParamsQuery } from '../super-query.ts';
import { optionalStr, PageQuery } from './common.ts';

export const OperateLogQuery = PageQuery.extend({
  relateId: optionalStr(64),
  user: optionalStr(64),
  content: optionalStr(200),
  ...SuperQueryParamsQuery,
});
