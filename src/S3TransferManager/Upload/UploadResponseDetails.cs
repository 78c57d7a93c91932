using Amazon.S3.Model;
using S3TransferManager.Multipart;

namespace S3TransferManager.Upload;

/// <summary>Fills in what S3 answered about the stored object besides its ETag and checksums (which
/// <see cref="UploadChecksums"/> maps): where it is, how it was encrypted, what it cost.</summary>
internal static class UploadResponseDetails
{
    public static TransferUtilityUploadResponse From(TransferUtilityUploadResponse response, PutObjectResponse put, TransferUtilityUploadRequest request)
    {
        response.BucketName = request.BucketName;
        response.Key = request.Key;
        response.Size = put.Size;
        response.Expiration = put.Expiration;
        response.RequestCharged = put.RequestCharged;
        response.ServerSideEncryptionMethod = put.ServerSideEncryptionMethod;
        response.ServerSideEncryptionKeyManagementServiceKeyId = put.ServerSideEncryptionKeyManagementServiceKeyId;
        response.ServerSideEncryptionKeyManagementServiceEncryptionContext = put.ServerSideEncryptionKeyManagementServiceEncryptionContext;
        response.BucketKeyEnabled = put.BucketKeyEnabled;
        response.ServerSideEncryptionCustomerMethod = put.ServerSideEncryptionCustomerMethod ?? request.ServerSideEncryptionCustomerMethod;
        response.ServerSideEncryptionCustomerProvidedKeyMD5 = put.ServerSideEncryptionCustomerProvidedKeyMD5;
        return response;
    }

    public static TransferUtilityUploadResponse From(TransferUtilityUploadResponse response, CompleteMultipartUploadResponse done, TransferUtilityUploadRequest request)
    {
        response.BucketName = done.BucketName ?? request.BucketName;
        response.Key = done.Key ?? request.Key;
        response.Location = done.Location;
        response.Expiration = done.Expiration;
        response.RequestCharged = done.RequestCharged;
        response.ServerSideEncryptionMethod = done.ServerSideEncryptionMethod;
        response.ServerSideEncryptionKeyManagementServiceKeyId = done.ServerSideEncryptionKeyManagementServiceKeyId;
        response.BucketKeyEnabled = done.BucketKeyEnabled;

        // CompleteMultipartUpload does not echo the customer key's algorithm; the upload used the caller's.
        response.ServerSideEncryptionCustomerMethod = request.ServerSideEncryptionCustomerMethod;
        return response;
    }
}
