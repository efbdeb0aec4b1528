import { CandidateEmailScreen } from '../../../admin/candidate-email-screen.js';

export default function CandidateEmails() {
  return <CandidateEmailScreen />;
}
