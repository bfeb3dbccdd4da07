import './zod-config';
import { authRoutes, VerifyEmailQuery } from './auth-routes';
import { systemRoutes, HealthResponse } from './health';
import { assetRoutes } from './assets';
import { userLutRoutes } from './user-luts';
import { analysisRoutes } from './analyze-scene';
import { exportRoutes } from './exports';
import { billingRoutes } from './billing';
import { storageRoutes } from './storage-quota';
import { batchRoutes } from './batch';
import { gradeVersionRoutes } from './grade-versions';

export type { ApiRoute, HttpMethod } from './api-route';
export { defineRoutes } from './api-route';
export { buildOpenApiDocument } from './openapi';
export { ERROR_CODES, ErrorResponse, MESSAGES, PREMIUM_LOOK_REFUSAL, PREMIUM_LOOK_REFUSAL_MESSAGE } from './errors';
export type { ErrorCode } from './errors';
export {
  SignUpRequest,
  SignInRequest,
  ResendVerificationRequest,
  SignUpResponse,
  SessionResponse,
  Profile,
  User,
  SubscriptionStatus,
  SIGN_UP_SUCCESS_MESSAGE,
  SIGN_IN_SUCCESS_MESSAGE,
  firstName,
} from './auth';
export {
  UserSettings,
  UpdateSettingsRequest,
  DEFAULT_SETTINGS,
  DATA_RETENTION_OPTIONS,
  EXPORT_QUALITY_PREFERENCES,
  DEFAULT_FORMAT_OPTIONS,
  settingsWithDefaults,
} from './settings';
export { SUBSCRIPTION_TIERS, normaliseTier, canUsePremiumLooks, hasBatchAccess, isTier } from './tiers';
export type { SubscriptionTier } from './tiers';
export {
  TEMP_FILE_LIMIT_BYTES,
  TEMP_FILE_MAX_AGE_MS,
  MAX_UPLOAD_BYTES,
  TOAST_DURATION_MS,
  STATUS_POLL_INTERVAL_MS,
  STATUS_POLL_MAX_ATTEMPTS,
  VIDEO_LOAD_TIMEOUT_MS,
  PLAYER_SETUP_DELAY_MS,
  DEFAULT_VOLUME,
  THUMBNAIL_LONGEST_SIDE,
  THUMBNAIL_JPEG_QUALITY,
  BATCH_COMPLETION_CLEAR_MS,
  DOWNLOAD_STAGGER_MS,
  TEMP_FILE_CLEAR_DELAY_MS,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  WRITE_RATE_LIMITS,
} from './limits';
export { SOURCE_WORK_LIMITS, sourcePixelSecondsLimit, sourceWorkRefusal } from './media-limits';
export {
  EXPORT_FORMATS,
  STILL_EXPORT_FORMATS,
  ALL_EXPORT_FORMAT_IDS,
  EXPORT_QUALITIES,
  EXPORT_QUALITY_IDS,
  EXPORT_SIZE_IDS,
  SOURCE_SIZE,
  exportSizeLabel,
  FREE_EXPORT_FORMATS,
  FREE_STILL_EXPORT_FORMATS,
  FREE_EXPORT_MAX_QUALITY,
  QUICK_EXPORT,
  PREDICTION_STATUSES,
  exportFormatInfo,
  exportQualityInfo,
  exportFormatsFor,
  isStillFormat,
  canUseProExport,
  exportTierRefusal,
  FIELD_EXPORT_FORMATS,
  exportKeepsFields,
  fieldsFit,
} from './export-options';
export type { ExportFormat, StillExportFormat, AnyExportFormat, ExportFormatInfo, ExportQuality, ExportSize, PredictionStatus } from './export-options';
export { exportFrameSize, exportFrameRefusal, formatsThatFit } from './export-frame';
export { displayedSize, hasAlphaChannel, isOrientation, orientationOf, orientationSwapsAxes, type Orientation } from './still-picture';
export type { FrameSize } from './export-frame';
export { ASSUMED_FRAME_RATE, ASSUMED_SOURCE_AUDIO_BITS_PER_SECOND, describeSizeEstimate, estimateExportBytes, EXPORT_AUDIO_BITS_PER_SECOND, EXPORT_SIZE_DETAIL_MODEL, EXPORT_SIZE_MODEL, SOURCE_CODEC_FACTORS, sourceBitsPerPixel, TYPICAL_SOURCE_BITS_PER_PIXEL } from './export-size';
export type { ExportSizeDetailCoefficients, ExportSizeSource } from './export-size';
export { exportEstimate, exportOutputRefusal, MAX_EXPORT_BYTES, OUTPUT_BOUND_FACTOR, OUTPUT_BOUND_SLACK_BYTES, OUTPUT_LIMIT_SUGGESTION, outputBoundBytes } from './export-output-bound';
export { defaultExportChoice, sourceQuality } from './export-defaults';
export type { ExportChoice } from './export-defaults';
export {
  ProcessVideoRequest,
  ProcessingResult,
  PredictionRequest,
  ENHANCEMENT_DEFAULTS,
  EXPORT_MESSAGES,
  MAX_ACTIVE_EXPORTS_PER_USER,
  enhancementRefusal,
  isFinishedStatus,
  SMART_ENHANCEMENT_STATUS,
} from './exports';
export {
  MEDIA_FEATURES,
  MEDIA_FEATURE_IDS,
  MediaFeatureState,
  MediaStatus,
  mediaFeatureStates,
  missingRequirements,
  exportUnavailableReason,
  gradeUsesClarityOrVignette,
  needsToneMapping,
} from './media-features';
export type { MediaFeatureId, MediaFeatureStates, MediaRequirements, FfmpegInventory } from './media-features';
export { PLANS, PREMIUM_PRICE, PREMIUM_REASONS } from './plans';
export { safeFileName, stripUnsafeNameCharacters } from './names';
export { BillingRedirect, BILLING_MESSAGES, PAYMENT_MESSAGES, STRIPE_WEBHOOK_PATH } from './billing';
export { savedGradeFromGrade, gradeFromSavedGrade, savedGradeField, knownSettings, GRADE_PART_KEYS, gradeNeedsPremium, customLookOf, CUSTOM_LOOK_PREFIX, NEW_ASSET_GRADE } from './grade-settings';
export type { SavedGrade } from './grade-settings';
export {
  MAX_GRADE_VERSIONS_PER_ASSET,
  GRADE_VERSION_LIMIT_MESSAGE,
  MAX_GRADE_VERSION_NAME,
  GradeVersion,
  GradeVersionList,
  CreateGradeVersionRequest,
  RenameGradeVersionRequest,
  GradeVersionParams,
} from './grade-versions';
export {
  MEDIA_TYPES,
  MEDIA_TYPE_LABELS,
  PROCESSING_STATUSES,
  MediaMetadata,
  AssetParams,
  ColorSettings,
  Asset,
  AssetList,
  ListAssetsQuery,
  UpdateAssetRequest,
  UploadResult,
  UPLOAD_ASSET_HEADER,
  LiveEvent,
} from './assets';
export type { MediaType, ProcessingStatus, LiveEventType } from './assets';
export {
  USER_LUT_LIMITS,
  userLutLimit,
  userLutLimitMessage,
  MAX_IMPORTED_LUT_SIZE,
  MAX_CUBE_FILE_BYTES,
  UserLut,
  UserLutList,
  ImportLutRequest,
  UserLutParams,
} from './user-luts';
export {
  ANALYSIS_FRAME_LONGEST_SIDE,
  ANALYSIS_MAX_FRAMES,
  ANALYSIS_MAX_DATA_URL_LENGTH,
  AnalyzeSceneRequest,
  AnalyzeSceneResponse,
  LookRecommendation,
  SceneAnalysisSchema,
} from './analyze-scene';
export {
  STORAGE_QUOTAS,
  MAX_PENDING_UPLOADS_PER_USER,
  PENDING_UPLOADS_MESSAGE,
  StorageUsage,
  storageQuota,
  storageQuotaMessage,
  exportStorageQuotaMessage,
  formatStorageSize,
} from './storage-quota';
export {
  BATCH_PREMIUM_MESSAGE,
  MAX_BATCH_FILES,
  BATCH_FILE_STATUSES,
  BATCH_SESSION_STATUSES,
  BATCH_MESSAGES,
  batchProcessingMessage,
  batchResultMessage,
  batchSaveFailedMessage,
  batchDownloadingMessage,
  BatchParams,
  ListBatchesQuery,
  BatchFileParams,
  CreateBatchRequest,
  UpdateBatchGradeRequest,
  ExportBatchRequest,
  BatchFile,
  BatchSession,
  CreateBatchResponse,
  BatchSessionList,
  ApplyGradeRequest,
} from './batch';
export type { BatchFileStatus, BatchSessionStatus } from './batch';
export { HealthResponse, VerifyEmailQuery, systemRoutes, authRoutes, assetRoutes, userLutRoutes, analysisRoutes, exportRoutes, billingRoutes, storageRoutes, gradeVersionRoutes, batchRoutes };

/** Every route of the API; the server registers each one and the OpenAPI document lists them. */
export const API = { ...systemRoutes, ...authRoutes, ...assetRoutes, ...userLutRoutes, ...analysisRoutes, ...exportRoutes, ...billingRoutes, ...storageRoutes, ...gradeVersionRoutes, ...batchRoutes };

/**
 * POST routes that `WRITE_RATE_LIMITS` does not count: two reads sent as POST, which the web app
 * polls (an export's status every 3 s, the subscription), the payment provider's webhook, signed,
 * all of it arriving from a few addresses, and sign-out: ending a session is never refused, so a
 * person whose write limit is spent (or a shared address's) can still leave a shared computer
 * signed out (docs/product-rules.md, 'Limits').
 */
export const WRITE_RATE_LIMIT_EXEMPT_PATHS: ReadonlySet<string> = new Set([API.checkProcessingStatus.path, API.checkSubscription.path, API.stripeWebhook.path, API.signOut.path]);
export type ApiRouteName = keyof typeof API;
