// The staff domain: the technician accounts (approval, deactivation) and who can take a job at its slot.
export { staffApi } from './staffApi';
export { StaffList } from './StaffList';
export { AssignTechnicianDialog } from './AssignTechnicianDialog';
