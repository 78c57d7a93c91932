"""Writes objects to an S3 endpoint the way boto3 does, for the download interop tests.

Usage: python3 writers.py ENDPOINT BUCKET < jobs.json
Each job: {"key", "file", "kind": "upload_file" | "full_object_crc32", "part_size_mib" (optional: the multipart
threshold and chunk size; boto3's defaults, 8 MiB, when absent), "algorithm" (optional: ChecksumAlgorithm)}.
Prints one line per job: the key, a tab, and "ok" or the error botocore raised.
"""
import base64
import json
import struct
import sys
import zlib

import boto3
from boto3.s3.transfer import TransferConfig
from botocore.config import Config

MIB = 1024 * 1024


def client(endpoint):
    return boto3.client(
        "s3", endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id="test",
        aws_secret_access_key="test", config=Config(s3={"addressing_style": "path"}))


def upload_file(s3, bucket, job):
    extra = {"ChecksumAlgorithm": job["algorithm"]} if job.get("algorithm") else None
    config = None
    if job.get("part_size_mib"):
        size = job["part_size_mib"] * MIB
        config = TransferConfig(multipart_threshold=size, multipart_chunksize=size)
    s3.upload_file(job["file"], bucket, job["key"], ExtraArgs=extra, Config=config)


def full_object_crc32(s3, bucket, job):
    """The low-level client's multipart upload with a FULL_OBJECT CRC32: per-part CRC32s, the whole object's at the end."""
    size = (job.get("part_size_mib") or 8) * MIB
    with open(job["file"], "rb") as source:
        data = source.read()
    upload = s3.create_multipart_upload(Bucket=bucket, Key=job["key"], ChecksumAlgorithm="CRC32", ChecksumType="FULL_OBJECT")
    parts = []
    for number, offset in enumerate(range(0, len(data), size), start=1):
        answer = s3.upload_part(Bucket=bucket, Key=job["key"], UploadId=upload["UploadId"], PartNumber=number,
                                Body=data[offset:offset + size], ChecksumAlgorithm="CRC32")
        parts.append({"PartNumber": number, "ETag": answer["ETag"], "ChecksumCRC32": answer["ChecksumCRC32"]})
    whole = base64.b64encode(struct.pack(">I", zlib.crc32(data))).decode()
    s3.complete_multipart_upload(Bucket=bucket, Key=job["key"], UploadId=upload["UploadId"], MultipartUpload={"Parts": parts},
                                 ChecksumCRC32=whole, ChecksumType="FULL_OBJECT")


def main():
    endpoint, bucket = sys.argv[1], sys.argv[2]
    s3 = client(endpoint)
    kinds = {"upload_file": upload_file, "full_object_crc32": full_object_crc32}
    for job in json.load(sys.stdin):
        try:
            kinds[job["kind"]](s3, bucket, job)
            print(f"{job['key']}\tok", flush=True)
        except Exception as error:  # reported to the caller, which decides
            print(f"{job['key']}\t{type(error).__name__}: {error}", flush=True)


if __name__ == "__main__":
    main()
