/** Members of SWLAR do not get Market Statistics; everybody else reads their own association's figures. */
export { canSeeKpis } from '@portico/shared';
