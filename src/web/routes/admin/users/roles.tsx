import { RolesScreen } from '../../../admin/roles-screen.js';

export default function Roles() {
  return <RolesScreen />;
}
