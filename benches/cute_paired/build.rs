//! Compiles `cute_side.cpp` (CuTe's side of every row) and
//! `cute_probes.cpp` (the agreement check's probes) with `-std=c++17
//! -O2` against CUTLASS's headers (`CUTLASS_DIR`, required) and the CUDA
//! host headers CuTe includes (`CUTE_CUDA_INCLUDES`, or the venv
//! `setup.sh` made), into a static library the `paired` binary links.

use std::env;
use std::path::{Path, PathBuf};

/// The three PyPI packages whose `include/` CuTe's host code needs.
const CUDA_PACKAGES: [&str; 3] = ["cuda_cccl", "cuda_runtime", "cuda_nvcc"];

fn main() {
    for var in ["CUTLASS_DIR", "CUTE_CUDA_INCLUDES", "CUTE_VENV", "CXX"] {
        println!("cargo::rerun-if-env-changed={var}");
    }
    println!("cargo::rerun-if-changed=cute_side.cpp");
    println!("cargo::rerun-if-changed=cute_probes.cpp");
    let cutlass = cutlass_include();
    let cuda = cuda_includes();
    let mut build = cc::Build::new();
    build
        .cpp(true)
        .file("cute_side.cpp")
        .file("cute_probes.cpp")
        .std("c++17")
        // -O2, as every earlier CuTe figure in BENCHMARKS.md (cc would
        // take cargo's release level, 3).
        .opt_level(2)
        .debug(false);
    // -isystem: the headers' own warnings are not ours to read.
    for dir in std::iter::once(&cutlass).chain(&cuda) {
        println!("cargo::rerun-if-changed={}", dir.display());
        build.flag("-isystem").flag(dir.as_os_str());
    }
    build.compile("cute_side");
}

/// `$CUTLASS_DIR/include`, checked to hold CuTe.
fn cutlass_include() -> PathBuf {
    let Some(dir) = env::var_os("CUTLASS_DIR") else {
        fail(
            "CUTLASS_DIR is not set: point it at a CUTLASS checkout (the directory holding \
             include/cute), e.g. `git clone --depth 1 --branch v4.7.0 \
             https://github.com/NVIDIA/cutlass` then `CUTLASS_DIR=$PWD/cutlass cargo build \
             --release` (README.md)",
        )
    };
    let include = Path::new(&dir).join("include");
    if !include.join("cute/tensor.hpp").is_file() {
        fail(&format!(
            "CUTLASS_DIR={} has no include/cute/tensor.hpp: it must be a CUTLASS checkout",
            Path::new(&dir).display()
        ));
    }
    include
}

/// The CUDA host include dirs: `CUTE_CUDA_INCLUDES` (the `-I…` flags
/// `setup.sh` prints, or plain directories, separated by spaces or `:`),
/// else the venv's (`CUTE_VENV`, default `.venv` here).
fn cuda_includes() -> Vec<PathBuf> {
    if let Ok(flags) = env::var("CUTE_CUDA_INCLUDES") {
        let dirs: Vec<PathBuf> = flags
            .split([' ', ':', '\t', '\n'])
            .filter(|s| !s.is_empty())
            .map(|s| PathBuf::from(s.strip_prefix("-I").unwrap_or(s)))
            .collect();
        if let Some(missing) = dirs.iter().find(|d| !d.is_dir()) {
            fail(&format!(
                "CUTE_CUDA_INCLUDES names {}, which is not a directory",
                missing.display()
            ));
        }
        return dirs;
    }
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").unwrap());
    let venv = env::var_os("CUTE_VENV").map_or(manifest.join(".venv"), PathBuf::from);
    let site = std::fs::read_dir(venv.join("lib"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path().join("site-packages/nvidia"))
        .find(|p| p.is_dir());
    let Some(site) = site else {
        fail(&format!(
            "no CUDA host headers: set CUTE_CUDA_INCLUDES (the flags `sh setup.sh` prints), or run \
             `sh setup.sh` to make the venv {} (CUTE_VENV)",
            venv.display()
        ))
    };
    CUDA_PACKAGES
        .iter()
        .map(|p| site.join(p).join("include"))
        .inspect(|d| {
            if !d.is_dir() {
                fail(&format!("{} is missing: rerun `sh setup.sh`", d.display()));
            }
        })
        .collect()
}

/// Fails the build with `message` as cargo's error.
fn fail(message: &str) -> ! {
    println!("cargo::error={message}");
    std::process::exit(1);
}
