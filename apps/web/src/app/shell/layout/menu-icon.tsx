/** Menu icons by the names the server's menu rows carry: the one map in lib/menu-icons.tsx. Unknown names show none. */
export { menuIcon } from '../../../lib/menu-icons.tsx';
