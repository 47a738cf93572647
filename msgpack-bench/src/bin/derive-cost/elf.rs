//! `.text` / `.rodata` sizes of a binary: a small ELF64 reader, `size -A` for other formats.

use std::fs;
use std::path::Path;
use std::process::Command;

/// Sizes of the named sections of an ELF64 file (either byte order), from its section headers.
fn elf_sections(data: &[u8]) -> Result<Vec<(String, u64)>, String> {
    if data.len() < 64 || &data[..4] != b"\x7fELF" {
        return Err("not an ELF file".into());
    }
    if data[4] != 2 {
        return Err("not a 64-bit ELF file".into());
    }
    let le = match data[5] {
        1 => true,
        2 => false,
        _ => return Err("bad ELF byte order".into()),
    };
    let bytes = |at: usize, n: usize| -> Result<u64, String> {
        let b = data.get(at..at + n).ok_or("truncated ELF file")?;
        let mut v = 0u64;
        for i in 0..n {
            let byte = if le { b[n - 1 - i] } else { b[i] };
            v = (v << 8) | u64::from(byte);
        }
        Ok(v)
    };
    let shoff = bytes(0x28, 8)? as usize;
    let shentsize = bytes(0x3A, 2)? as usize;
    let mut shnum = bytes(0x3C, 2)? as usize;
    let mut shstrndx = bytes(0x3E, 2)? as usize;
    if shoff == 0 || shentsize < 64 {
        return Err("no ELF section headers".into());
    }
    if shnum == 0 {
        shnum = bytes(shoff + 32, 8)? as usize; // extended numbering: sh_size of section 0
    }
    if shstrndx == 0xFFFF {
        shstrndx = bytes(shoff + 40, 4)? as usize; // sh_link of section 0
    }
    let header = |i: usize| shoff + i * shentsize;
    let strtab_off = bytes(header(shstrndx) + 24, 8)? as usize;
    let strtab_len = bytes(header(shstrndx) + 32, 8)? as usize;
    let strtab = data.get(strtab_off..strtab_off + strtab_len).ok_or("truncated section name table")?;
    (0..shnum)
        .map(|i| {
            let name_off = bytes(header(i), 4)? as usize;
            let name = strtab.get(name_off..).ok_or("bad section name offset")?;
            let end = name.iter().position(|&b| b == 0).unwrap_or(name.len());
            Ok((String::from_utf8_lossy(&name[..end]).into_owned(), bytes(header(i) + 32, 8)?))
        })
        .collect()
}

/// Section sizes from `size -A` (for non-ELF64 binaries).
fn size_a(path: &Path) -> Result<Vec<(String, u64)>, String> {
    let out = Command::new("size").arg("-A").arg(path).output().map_err(|e| format!("cannot run size -A: {e}"))?;
    if !out.status.success() {
        return Err(format!("size -A failed: {}", String::from_utf8_lossy(&out.stderr).trim()));
    }
    Ok(String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| {
            let mut w = l.split_whitespace();
            let (name, size) = (w.next()?, w.next()?.parse().ok()?);
            name.starts_with('.').then(|| (name.to_string(), size))
        })
        .collect())
}

/// `.text` and `.rodata` sizes of a binary.
#[derive(Clone, Copy, Default)]
pub(crate) struct CodeSize {
    pub(crate) text: u64,
    pub(crate) rodata: u64,
}

pub(crate) fn code_size(path: &Path) -> Result<CodeSize, String> {
    let data = fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let sections = elf_sections(&data).or_else(|elf_err| size_a(path).map_err(|e| format!("{elf_err}; {e}")))?;
    let sum = |name: &str| sections.iter().filter(|(n, _)| n == name).map(|(_, s)| s).sum();
    Ok(CodeSize { text: sum(".text"), rodata: sum(".rodata") })
}
