import type { Route } from './http/define-route.ts'
import listAudit from './audit/list-audit.ts'
import callback from './auth/callback.ts'
import chooseSignIn from './auth/choose-sign-in.ts'
import getSignInChoice from './auth/get-sign-in-choice.ts'
import createSubscription from './billing/create-subscription.ts'
import getBillingConfig from './billing/get-billing-config.ts'
import getSubscriptionStatus from './billing/get-subscription-status.ts'
import startTrial from './billing/start-trial.ts'
import stripeWebhook from './billing/stripe-webhook.ts'
import validateCoupon from './billing/validate-coupon.ts'
import getUser from './auth/get-user.ts'
import login from './auth/login.ts'
import logout from './auth/logout.ts'
import updateUser from './auth/update-user.ts'
import getStats from './dashboard/get-stats.ts'
import openDemo from './demo/open-demo.ts'
import confirmAddress from './email-confirmations/confirm-address.ts'
import showConfirmation from './email-confirmations/show-confirmation.ts'
import confirmDecision from './email-decisions/confirm-decision.ts'
import showDecision from './email-decisions/show-decision.ts'
import getHealth from './health/get-health.ts'
import connectIntegration from './integrations/connect-integration.ts'
import disconnectIntegration from './integrations/disconnect-integration.ts'
import integrationCallback from './integrations/integration-callback.ts'
import listIntegrations from './integrations/list-integrations.ts'
import getGustoMatching from './integrations/get-gusto-matching.ts'
import getQuickbooksMatching from './integrations/get-quickbooks-matching.ts'
import previewGusto from './integrations/preview-gusto.ts'
import previewQuickbooks from './integrations/preview-quickbooks.ts'
import sendGusto from './integrations/send-gusto.ts'
import sendQuickbooks from './integrations/send-quickbooks.ts'
import updateGustoMatching from './integrations/update-gusto-matching.ts'
import updateQuickbooksMatching from './integrations/update-quickbooks-matching.ts'
import getPlanningCenter from './integrations/get-planning-center.ts'
import planningCenterToken from './integrations/planning-center-token.ts'
import planningCenterWebhook from './integrations/planning-center-webhook.ts'
import syncPlanningCenter from './integrations/sync-planning-center.ts'
import updatePlanningCenter from './integrations/update-planning-center.ts'
import addMember from './members/add-member.ts'
import getImport from './members/get-import.ts'
import importMembers from './members/import-members.ts'
import listMembers from './members/list-members.ts'
import removeMember from './members/remove-member.ts'
import resendConfirmation from './members/resend-confirmation.ts'
import resetPassword from './members/reset-password.ts'
import updateMember from './members/update-member.ts'
import confirmUnsubscribe from './notifications/confirm-unsubscribe.ts'
import getMyNotifications from './notifications/get-my-notifications.ts'
import getNotifications from './notifications/get-notifications.ts'
import showUnsubscribe from './notifications/show-unsubscribe.ts'
import updateMyNotifications from './notifications/update-my-notifications.ts'
import updateNotifications from './notifications/update-notifications.ts'
import getOpenApi from './openapi/get-openapi.ts'
import getApprovals from './organization/get-approvals.ts'
import getAllocationCodes from './organization/get-allocation-codes.ts'
import updateAllocationCodes from './organization/update-allocation-codes.ts'
import getCampuses from './organization/get-campuses.ts'
import updateCampuses from './organization/update-campuses.ts'
import closeOrganization from './organization/close-organization.ts'
import getExport from './organization/get-export.ts'
import getLogo from './organization/get-logo.ts'
import getSettings from './organization/get-settings.ts'
import updateApprovals from './organization/update-approvals.ts'
import updateSettings from './organization/update-settings.ts'
import updateSetupGuide from './organization/update-setup-guide.ts'
import reopenOrganization from './organization/reopen-organization.ts'
import startExport from './organization/start-export.ts'
import uploadLogo from './organization/upload-logo.ts'
import closePeriod from './payroll/close-period.ts'
import exportPayroll from './payroll/export-payroll.ts'
import getPayrollSettings from './payroll/get-settings.ts'
import getPayrollSummary from './payroll/get-summary.ts'
import listPeriods from './payroll/list-periods.ts'
import reopenPeriod from './payroll/reopen-period.ts'
import updatePayrollSettings from './payroll/update-settings.ts'
import clearAway from './profile/clear-away.ts'
import setAway from './profile/set-away.ts'
import listDevices from './profile/list-devices.ts'
import forgetDevice from './profile/forget-device.ts'
import allocationReport from './reports/allocation-report.ts'
import bulkTimesheets from './reports/bulk-timesheets.ts'
import getReports from './reports/get-reports.ts'
import volunteerHours from './reports/volunteer-hours.ts'
import staffLogin from './staff/staff-login.ts'
import createTimesheet from './timesheets/create-timesheet.ts'
import downloadCsv from './timesheets/download-csv.ts'
import getCurrentWeek from './timesheets/get-current-week.ts'
import getWeek from './timesheets/get-week.ts'
import getHistory from './timesheets/get-history.ts'
import listPending from './timesheets/list-pending.ts'
import listTimesheets from './timesheets/list-timesheets.ts'
import saveDraft from './timesheets/save-draft.ts'
import submitTimesheet from './timesheets/submit-timesheet.ts'
import updateDraft from './timesheets/update-draft.ts'
import copyLastWeek from './timesheets/copy-last-week.ts'
import setPin from './profile/set-pin.ts'
import setMemberPin from './members/set-member-pin.ts'
import createKiosk from './kiosk/create-kiosk.ts'
import listKiosks from './kiosk/list-kiosks.ts'
import revokeKiosk from './kiosk/revoke-kiosk.ts'
import listKioskMembers from './kiosk/list-kiosk-members.ts'
import kioskPunch from './kiosk/punch.ts'
import getKiosk from './kiosk/get-kiosk.ts'
import updateStatus from './timesheets/update-status.ts'
import sendBack from './timesheets/send-back.ts'
import bulkApprove from './timesheets/bulk-approve.ts'
import createAdjustment from './time-off/create-adjustment.ts'
import cancelTimeOff from './time-off/cancel-time-off.ts'
import createTimeOff from './time-off/create-time-off.ts'
import decideTimeOff from './time-off/decide-time-off.ts'
import getBalances from './time-off/get-balances.ts'
import getTimeOffPolicies from './time-off/get-policies.ts'
import listTimeOff from './time-off/list-time-off.ts'
import updateTimeOffPolicies from './time-off/update-policies.ts'
import getHolidays from './organization/get-holidays.ts'
import updateHolidays from './organization/update-holidays.ts'
import createToken from './tokens/create-token.ts'
import listTokens from './tokens/list-tokens.ts'
import revokeToken from './tokens/revoke-token.ts'
import createWebhook from './webhooks/create-webhook.ts'
import deleteWebhook from './webhooks/delete-webhook.ts'
import getWebhook from './webhooks/get-webhook.ts'
import listDeliveries from './webhooks/list-deliveries.ts'
import listWebhooks from './webhooks/list-webhooks.ts'
import redeliver from './webhooks/redeliver.ts'

/** The one route manifest: the key is the handler's file path under src/. */
export const routes = {
  'audit/list-audit': listAudit,
  'auth/callback': callback,
  'auth/choose-sign-in': chooseSignIn,
  'auth/get-sign-in-choice': getSignInChoice,
  'auth/get-user': getUser,
  'auth/login': login,
  'auth/logout': logout,
  'auth/update-user': updateUser,
  'billing/create-subscription': createSubscription,
  'billing/get-billing-config': getBillingConfig,
  'billing/get-subscription-status': getSubscriptionStatus,
  'billing/start-trial': startTrial,
  'billing/stripe-webhook': stripeWebhook,
  'billing/validate-coupon': validateCoupon,
  'dashboard/get-stats': getStats,
  'demo/open-demo': openDemo,
  'email-confirmations/confirm-address': confirmAddress,
  'email-confirmations/show-confirmation': showConfirmation,
  'email-decisions/confirm-decision': confirmDecision,
  'email-decisions/show-decision': showDecision,
  'health/get-health': getHealth,
  'integrations/connect-integration': connectIntegration,
  'integrations/disconnect-integration': disconnectIntegration,
  'integrations/integration-callback': integrationCallback,
  'integrations/list-integrations': listIntegrations,
  'integrations/get-gusto-matching': getGustoMatching,
  'integrations/get-quickbooks-matching': getQuickbooksMatching,
  'integrations/preview-gusto': previewGusto,
  'integrations/preview-quickbooks': previewQuickbooks,
  'integrations/send-gusto': sendGusto,
  'integrations/send-quickbooks': sendQuickbooks,
  'integrations/update-gusto-matching': updateGustoMatching,
  'integrations/update-quickbooks-matching': updateQuickbooksMatching,
  'integrations/get-planning-center': getPlanningCenter,
  'integrations/planning-center-token': planningCenterToken,
  'integrations/planning-center-webhook': planningCenterWebhook,
  'integrations/sync-planning-center': syncPlanningCenter,
  'integrations/update-planning-center': updatePlanningCenter,
  'members/add-member': addMember,
  'members/get-import': getImport,
  'members/import-members': importMembers,
  'members/list-members': listMembers,
  'members/remove-member': removeMember,
  'members/resend-confirmation': resendConfirmation,
  'members/reset-password': resetPassword,
  'members/update-member': updateMember,
  'notifications/confirm-unsubscribe': confirmUnsubscribe,
  'notifications/get-my-notifications': getMyNotifications,
  'notifications/get-notifications': getNotifications,
  'notifications/show-unsubscribe': showUnsubscribe,
  'notifications/update-my-notifications': updateMyNotifications,
  'notifications/update-notifications': updateNotifications,
  'openapi/get-openapi': getOpenApi,
  'organization/get-approvals': getApprovals,
  'organization/get-allocation-codes': getAllocationCodes,
  'organization/update-allocation-codes': updateAllocationCodes,
  'organization/get-campuses': getCampuses,
  'organization/update-campuses': updateCampuses,
  'organization/close-organization': closeOrganization,
  'organization/get-export': getExport,
  'organization/get-logo': getLogo,
  'organization/get-settings': getSettings,
  'organization/update-approvals': updateApprovals,
  'organization/update-settings': updateSettings,
  'organization/update-setup-guide': updateSetupGuide,
  'organization/reopen-organization': reopenOrganization,
  'organization/start-export': startExport,
  'organization/upload-logo': uploadLogo,
  'payroll/close-period': closePeriod,
  'payroll/export-payroll': exportPayroll,
  'payroll/get-settings': getPayrollSettings,
  'payroll/get-summary': getPayrollSummary,
  'payroll/list-periods': listPeriods,
  'payroll/reopen-period': reopenPeriod,
  'payroll/update-settings': updatePayrollSettings,
  'profile/clear-away': clearAway,
  'profile/set-away': setAway,
  'profile/list-devices': listDevices,
  'profile/forget-device': forgetDevice,
  'reports/allocation-report': allocationReport,
  'reports/bulk-timesheets': bulkTimesheets,
  'reports/get-reports': getReports,
  'reports/volunteer-hours': volunteerHours,
  'staff/staff-login': staffLogin,
  'timesheets/bulk-approve': bulkApprove,
  'timesheets/create-timesheet': createTimesheet,
  'timesheets/download-csv': downloadCsv,
  'timesheets/get-current-week': getCurrentWeek,
  'timesheets/get-week': getWeek,
  'timesheets/get-history': getHistory,
  'timesheets/list-pending': listPending,
  'timesheets/list-timesheets': listTimesheets,
  'timesheets/save-draft': saveDraft,
  'timesheets/submit-timesheet': submitTimesheet,
  'timesheets/update-draft': updateDraft,
  'timesheets/copy-last-week': copyLastWeek,
  'profile/set-pin': setPin,
  'members/set-member-pin': setMemberPin,
  'kiosk/create-kiosk': createKiosk,
  'kiosk/list-kiosks': listKiosks,
  'kiosk/revoke-kiosk': revokeKiosk,
  'kiosk/list-kiosk-members': listKioskMembers,
  'kiosk/punch': kioskPunch,
  'kiosk/get-kiosk': getKiosk,
  'timesheets/update-status': updateStatus,
  'timesheets/send-back': sendBack,
  'time-off/cancel-time-off': cancelTimeOff,
  'time-off/create-adjustment': createAdjustment,
  'time-off/create-time-off': createTimeOff,
  'time-off/decide-time-off': decideTimeOff,
  'time-off/get-balances': getBalances,
  'time-off/get-policies': getTimeOffPolicies,
  'time-off/list-time-off': listTimeOff,
  'time-off/update-policies': updateTimeOffPolicies,
  'organization/get-holidays': getHolidays,
  'organization/update-holidays': updateHolidays,
  'tokens/create-token': createToken,
  'tokens/list-tokens': listTokens,
  'tokens/revoke-token': revokeToken,
  'webhooks/create-webhook': createWebhook,
  'webhooks/delete-webhook': deleteWebhook,
  'webhooks/get-webhook': getWebhook,
  'webhooks/list-deliveries': listDeliveries,
  'webhooks/list-webhooks': listWebhooks,
  'webhooks/redeliver': redeliver,
} satisfies Record<string, Route>

export type RouteKey = keyof typeof routes
