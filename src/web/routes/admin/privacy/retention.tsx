import { RetentionScreen } from '../../../admin/retention-screen.js';

export default function Retention() {
  return <RetentionScreen />;
}
