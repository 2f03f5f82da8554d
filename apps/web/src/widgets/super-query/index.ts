/** The advanced query widget: the builder, the filter text box, and what a list page needs to send a query. */
export { SuperQuery, type SuperQueryProps } from './super-query.tsx';
export { FilterTextBox, FILTER_TEXT_HELP, type FilterTextBoxProps } from './filter-text-box.tsx';
export type { SuperQueryField, SuperQueryFieldType, SuperQueryOption } from './super-query-model.ts';
export { encodeSuperQuery, type SuperQueryMatchType, type SuperQueryRecord } from '@houtai/shared/super-query';
