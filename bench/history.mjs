// The bench's history: one line per run in bench/results/history.jsonl with the headline figures
// (latest.json keeps the whole last run), so the history grows by a line, not by a file, per run.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';

const pick = (object, path) => path.split('.').reduce((value, key) => (value && typeof value === 'object' ? value[key] : undefined), object);

/** Headline figure → where it sits in a run's results. */
const HEADLINES = {
  welcomeGzipKiB: 'welcomePage.totalGzipKiB',
  welcomeServedKiB: 'welcomePage.servedOverTheWireKiB',
  welcomeLighthouse: 'lighthouse.welcome.median.performance',
  welcomeLcpMs: 'lighthouse.welcome.median.lcpMs',
  welcomeTbtMs: 'lighthouse.welcome.median.tbtMs',
  liveNameLighthouse: 'lighthouse.liveNameStep.median.performance',
  liveNameLcpMs: 'lighthouse.liveNameStep.median.lcpMs',
  companyByHostRatio: 'companyByHost.throughputRatio',
  companyByHostP99Ms: 'companyByHost.api.latencyP99Ms',
  usersListP99Ms: 'backofficeLists.users.latencyP99Ms',
  roomsListP99Ms: 'backofficeLists.rooms.latencyP99Ms',
  slotsP99Ms: 'booking.availability.latencyP99Ms',
  slotsCompanyByHostP99Ms: 'booking.baselineCompanyByHost.latencyP99Ms',
  parallelBookingsAnsweredMs: 'booking.parallelBookings.allAnsweredMs',
  parallelBookingsCreated: 'booking.parallelBookings.created',
  parallelPaidHoldsHeld: 'booking.parallelPaidHolds.held',
  parallelPaidHoldsAnsweredMs: 'booking.parallelPaidHolds.allAnsweredMs',
  webhooksPerSecond: 'stripeWebhooks.requestsPerSecond',
  webhooksP99Ms: 'stripeWebhooks.latencyP99Ms',
  webhooksPostgresPerSecond: 'stripeWebhooksOnPostgres.requestsPerSecond',
  webhooksPostgresP99Ms: 'stripeWebhooksOnPostgres.latencyP99Ms',
  firstStartMs: 'startup.firstStartWithMigrationsAndSeedMs',
  restartMs: 'startup.restartMs',
  idleRssMiB: 'idleRss.apiRssMiB',
  roomJoinRatio: 'videoRoom.joinToFirstRemoteFrame.ratio',
  roomRouteGzipKiB: 'videoRoom.roomRoute.totalGzipKiB',
  lobbyRequestToStaffP99Ms: 'lobby.requestToStaffEvent.product.p99Ms',
  lobbyApprovalToFrameMs: 'lobby.approvalToFirstRemoteFrame.medianMs',
  lobbyThousandWaitingRssMiB: 'lobby.thousandWaiting.apiRssMiB.withVisitorsWaiting',
  webinarJanusViewersAtGoalFps: 'webinars.throughJanus.viewersServedAtGoalFps',
  webinarJanusCpuPercentPerViewer: 'webinars.throughJanus.janusCpuPercentPerViewer',
  webinarStartToFrameMs: 'webinars.startToFirstFrameAtWaitingViewer.productMedianMs',
  webinarStartToFrameRatio: 'webinars.startToFirstFrameAtWaitingViewer.ratio',
};

export function headlineOf(results) {
  const line = { measuredAt: results.measuredAt, node: pick(results, 'machine.node') };
  for (const [name, path] of Object.entries(HEADLINES)) {
    const value = pick(results, path);
    if (typeof value === 'number') line[name] = value;
  }
  return line;
}

export function appendHistory(resultsDir, results) {
  appendFileSync(join(resultsDir, 'history.jsonl'), `${JSON.stringify(headlineOf(results))}\n`);
}
