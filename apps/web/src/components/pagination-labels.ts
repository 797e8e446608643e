/**
 * Names for pagination buttons, which are icons or bare numbers: each gets a
 * name a screen reader can say. For Mantine's `Pagination` (`getControlProps`,
 * `getItemProps`) and mantine-datatable's `getPagination…Props`.
 */
const CONTROL_LABEL = {
  first: 'First page',
  last: 'Last page',
  previous: 'Previous page',
  next: 'Next page',
} as const;

export const paginationControlProps = (control: keyof typeof CONTROL_LABEL) => ({
  'aria-label': CONTROL_LABEL[control],
});

export const paginationItemProps = (page: number) => ({ 'aria-label': `Page ${page}` });
